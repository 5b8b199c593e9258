export { authRoutes } from './auth.routes.js';
export { createAuthService } from './auth.service.js';
export { clearSessionCookie, setSessionCookie } from './sessionCookie.js';
export { createSessionsRepository } from './sessions.repository.js';
export { type ActiveSession, createSessionsService, type SessionsService } from './sessions.service.js';
