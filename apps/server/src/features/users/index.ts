export { describeCurrentUser, longName, roomsOf } from './currentUser.js';
export { hasSchedule, isListedAgent, isListedUser, listedAgent, listedUser, lockUserRow } from './listedUsers.js';
export { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
export { createUsersRepository, type UsersRepository } from './users.repository.js';
