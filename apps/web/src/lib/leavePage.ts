/** A full page load of `url`: every screen and cache of the current session is dropped. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
