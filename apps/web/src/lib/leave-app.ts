/** Full-page navigation to a page the server renders (a vendor's page): the SPA router cannot go there. Its own module so tests can replace it. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
