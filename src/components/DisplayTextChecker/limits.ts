/** Display-text limits. */
export const displayTextLimits = [
  {id: 'smart-mobile', label: 'Smart-ID and Mobile-ID displayText', max: 60},
  {id: 'long', label: 'Smart-ID displayTextLong', max: 200},
  {id: 'lv', label: 'LV (eParaksts) displayText', max: 300},
] as const;

export interface LimitCheck {
  id: string;
  label: string;
  max: number;
  remaining: number;
  fits: boolean;
}

export function checkDisplayText(text: string): LimitCheck[] {
  const length = [...text].length;
  return displayTextLimits.map((limit) => ({
    ...limit,
    remaining: limit.max - length,
    fits: length <= limit.max,
  }));
}
