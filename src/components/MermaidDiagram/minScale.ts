/**
 * Smallest scale a diagram is drawn at on a narrow screen (the component's stylesheet): its 16 px labels stay about
 * 10 px high. A wider drawing scrolls sideways in its box instead of shrinking further (fitted to a phone's screen,
 * the widest were drawn at a quarter of their size, their labels 4 px high). Read by the component and its tests.
 */
export const DIAGRAM_MIN_SCALE = 0.6;
