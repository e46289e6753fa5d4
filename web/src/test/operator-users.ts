import type { Me, OperatorUser } from '@gomeum/contracts';

/** The operator, signed in (who the dashboard's tests are). */
export const operator: Me = {
  id: 'op',
  email: 'gomeum@example.com',
  role: 'operator',
  isGuest: false,
  guestId: null,
  locale: 'en',
};

/** A row of the operator's user list: a plain user unless `user` says otherwise. */
export const operatorUser = (user: Partial<OperatorUser> & { id: string }): OperatorUser => ({
  email: null,
  guestId: null,
  isGuest: false,
  role: 'user',
  createdAt: Date.UTC(2026, 10, 1),
  lastLoginAt: null,
  lastIp: null,
  ...user,
});
