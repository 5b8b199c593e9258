export { burnPasswordCheck, hashPassword, verifyPassword } from '../../passwords.js';
export { describeCurrentUser, longName, roomsOf } from './currentUser.js';
export { hasSchedule, isListedAgent, isListedUser, listedAgent, listedUser, lockUserRow } from './listedUsers.js';
export { createUsersRepository, type UsersRepository } from './users.repository.js';
