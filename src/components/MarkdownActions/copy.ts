/**
 * "Copy as Markdown": puts a page's Markdown twin on the clipboard.
 * The twin is fetched only when the reader presses the button. Where the
 * browser takes a pending ClipboardItem, the clipboard is written within the
 * press itself (Safari refuses a write that comes after an await).
 */

async function twinText(url: string): Promise<string> {
  const response = await fetch(url, {headers: {Accept: 'text/markdown'}});
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

export async function copyMarkdown(url: string): Promise<void> {
  const text = twinText(url);
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard?.write === 'function') {
    const blob = text.then((markdown) => new Blob([markdown], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}

const restoreTimers = new WeakMap<HTMLElement, number>();

/** Copies, then says on the button for two seconds whether it worked (announced by its live region). */
export function copyWithFeedback(button: HTMLElement, url: string): void {
  const label = button.dataset.label ?? button.textContent ?? '';
  button.dataset.label = label;
  const show = (text: string): void => {
    button.textContent = text;
    window.clearTimeout(restoreTimers.get(button));
    restoreTimers.set(
      button,
      window.setTimeout(() => {
        button.textContent = label;
      }, 2000),
    );
  };
  copyMarkdown(url).then(
    () => show('Copied'),
    () => show('Copy failed'),
  );
}
