import { as, type Session, type TestApp } from './testApp.js';

/**
 * GET and POST as a signed-in user. The test app is read when a request is made (files assign it in beforeAll);
 * a POST without a payload sends no body.
 */
export function signedInRequests(testApp: () => TestApp) {
  return {
    get: (session: Session, url: string) => testApp().app.inject({ url, headers: as(session) }),
    post: (session: Session, url: string, payload?: object) =>
      testApp().app.inject({ method: 'POST', url, headers: as(session), ...(payload ? { payload } : {}) }),
  };
}
