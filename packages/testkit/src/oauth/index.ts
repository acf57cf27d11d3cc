export { type AuthorizationRequest, type ConsentScreen, handleConsent } from './consent-page';
export { pkceMatches } from './pkce';
export { submitConsent } from './submit-consent';
