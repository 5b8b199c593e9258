/**
 * How the wall lays out `count` campaigns on one screen, never scrolling: columns by count, and a type scale that
 * grows for a few campaigns (one fills the screen) and shrinks as rows and columns are added.
 */
export function wallboardLayout(count: number): { columns: number; rows: number; scale: number } {
  const columns = count <= 1 ? 1 : count <= 4 ? 2 : count <= 9 ? 3 : 4;
  const rows = Math.max(1, Math.ceil(count / columns));
  const scale = Math.min(2.2, Math.max(0.4, 2.3 / Math.max(rows, columns * 0.8)));
  return { columns, rows, scale };
}
