export { describeCurrentUser, longName, roomsOf } from './currentUser.js';
export { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
export { createUsersRepository, type UsersRepository } from './users.repository.js';
