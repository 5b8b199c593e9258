import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, waitForConnect, waitForEvent } from './support/socketClient.js';
import { as, demoEmail, login, protectedAdminId, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('Socket.IO', () => {
  it('refuses a connection without a valid session cookie', async () => {
    const anonymous = connectSocket(baseUrl);
    await expect(waitForConnect(anonymous)).rejects.toThrow('not_signed_in');
    anonymous.close();
    const forged = connectSocket(baseUrl, 'shiftline_sid=forged.value');
    await expect(waitForConnect(forged)).rejects.toThrow('not_signed_in');
    forged.close();
  });

  it('refuses a session whose password must change, until it has changed', async () => {
    const session = await login(t.app, demoEmail('schedule_supervisor'));
    await t.database.db
      .updateTable('users')
      .set({ must_change_password: true })
      .where('id', '=', session.userId)
      .execute();
    const refused = connectSocket(baseUrl, session.cookie);
    await expect(waitForConnect(refused)).rejects.toThrow('password_change_required');
    refused.close();
    await t.database.db
      .updateTable('users')
      .set({ must_change_password: false })
      .where('id', '=', session.userId)
      .execute();
    const allowed = connectSocket(baseUrl, session.cookie);
    await waitForConnect(allowed);
    allowed.close();
  });

  it("puts the user in their own, their role's and their campaigns' rooms, and relays join and leave", async () => {
    const session = await login(t.app, demoEmail('agent'));
    const me = (await t.app.inject({ url: '/api/auth/me', headers: as(session) })).json();
    const socket = connectSocket(baseUrl, session.cookie);
    await waitForConnect(socket);
    const joined = waitForEvent<{ rooms: string[] }>(socket, 'join');
    socket.emit('join', { rooms: ['common', 'role:administrator', 'user:999'] });
    // Rooms the user may not join (another role's, another user's) are ignored.
    expect((await joined).rooms.sort()).toEqual([...me.user.rooms, 'common'].sort());
    const left = waitForEvent<{ rooms: string[] }>(socket, 'leave');
    socket.emit('leave', { rooms: ['common'] });
    expect((await left).rooms.sort()).toEqual([...me.user.rooms].sort());
    socket.close();
  });

  it('delivers forced-logout to every open page of the user, closes them and ends their sessions', async () => {
    const target = await login(t.app, demoEmail('team_lead'));
    const first = connectSocket(baseUrl, target.cookie);
    const second = connectSocket(baseUrl, target.cookie);
    await Promise.all([waitForConnect(first), waitForConnect(second)]);
    const events = Promise.all([
      waitForEvent<{ url: string }>(first, 'forced-logout'),
      waitForEvent<{ url: string }>(second, 'forced-logout'),
    ]);
    const closed = waitForEvent(first, 'disconnect');
    const admin = await login(t.app, demoEmail('administrator'));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.userId}/force_logout`,
      headers: as(admin),
    });
    expect(response.json()).toEqual({ status: 'ok', sessions_ended: 1 });
    expect(await events).toEqual([{ url: '/login?reason=forced' }, { url: '/login?reason=forced' }]);
    await closed;
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(target) })).statusCode).toBe(401);
    second.close();
  });

  it("refuses to force out the protected administrator with the spec's message", async () => {
    const admin = await login(t.app, demoEmail('super_admin'));
    const rootId = await protectedAdminId(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${rootId}/force_logout`,
      headers: as(admin),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe("You can't change that user");
  });
});
