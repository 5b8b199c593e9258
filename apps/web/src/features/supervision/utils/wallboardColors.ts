/** The wallboard's dark, high-contrast palette: every text colour reads at 7:1 or more on `background` and `panel`. */
export const WALL = {
  background: '#05080d',
  panel: '#111821',
  border: '#2c3a4a',
  text: '#ffffff',
  muted: '#c5d0dc',
  good: '#69f0ae',
  warn: '#ffd54f',
  bad: '#ff8a80',
  onCall: '#82b1ff',
} as const;
