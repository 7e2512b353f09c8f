import { useAction, type Action } from '../shared/useAction';

/** The query keys of one user's detail page; every change refreshes them all. */
export const userQueryKey = (userId: string) => ['admin-users', userId] as const;

/** Runs a change on one user from a modal (see useAction): the user's page is refreshed afterwards. */
export const useUserAction = (userId: string) => useAction(userQueryKey(userId));

export type UserAction = Action;
