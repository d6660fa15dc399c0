/**
 * Full-page navigation to a page the server renders (a vendor's page: the bank's 3DS check, the
 * sandbox verification): the SPA router cannot go there. It replaces the current history entry:
 * every caller is a hand-over page that would send the person straight back to the vendor, so
 * Back from the vendor's page must skip it. Its own module so tests can replace it.
 */
export function leaveAppFor(url: string, location: Pick<Location, 'replace'> = window.location): void {
  location.replace(url);
}
