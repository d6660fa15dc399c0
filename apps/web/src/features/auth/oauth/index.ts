/**
 * Sign-in with the identity provider, as the sign-in pages load it: one chunk, through one dynamic
 * import (login-page.tsx), for both the button and the callback page.
 */
export { default as OauthButton } from './oauth-button';
export { default as OauthCallbackPage } from './oauth-callback-page';
