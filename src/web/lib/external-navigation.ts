/**
 * Leaving the app for the payment provider's checkout or portal (or the sandbox's) is a full page load, not a route
 * change. Kept behind an object so tests can watch it: jsdom cannot navigate.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
