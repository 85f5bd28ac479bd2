import { useQuery } from '@tanstack/react-query';
import type { ConsoleMe, Language, OperatorScope } from '@venue-voice/domain';
import { createContext, useContext } from 'react';
import { api } from './api';
import { isSignedOut } from './failures';

/** `GET /me`: who is signed in, their company and the branches they may see (console-contract.md). */
export type Me = ConsoleMe;

export const ME_KEY = ['me'] as const;

/** The signed-in operator; `data` is null when nobody is signed in (401). */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await api.get<Me>('/me');
      } catch (error) {
        if (isSignedOut(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The operator as the domain's policy sees them (O1.x): an owner sees every branch. */
export function scopeOf(me: Me): OperatorScope {
  return {
    id: me.operator.id,
    companyId: me.company.id,
    role: me.operator.role,
    branchIds: me.operator.role === 'owner' ? 'all' : me.branches.map((branch) => branch.id),
  };
}

/** The operator's saved language. */
export const languageOf = (me: Me): Language => me.operator.language;

const SignedInContext = createContext<Me | null>(null);

/** Gives the screens under the shell the signed-in operator (app/shell/require-session.tsx). */
export const SignedInProvider = SignedInContext.Provider;

/** The signed-in operator, on a screen inside the shell (never null there). */
export function useSignedIn(): Me {
  const me = useContext(SignedInContext);
  if (!me) throw new Error('useSignedIn is used outside the signed-in shell');
  return me;
}
