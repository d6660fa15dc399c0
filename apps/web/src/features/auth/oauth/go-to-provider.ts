/**
 * Full-page navigation to the identity provider's sign-in page. A new history entry (not a replace, as
 * lib/leave-app does for hand-over pages): Back at the provider returns to the sign-in page it left.
 * Its own module so tests can replace it.
 */
export function goToProvider(url: string, location: Pick<Location, 'assign'> = window.location): void {
  location.assign(url);
}
