import type { OperatorRole } from '@venue-voice/domain';
import { api } from '../../platform/api';

export interface SignedIn {
  operator: { id: number; email: string; name: string; role: OperatorRole };
}

/** What a one-time link is for (`GET /links/{token}`). */
export interface LinkInfo {
  purpose: 'invite' | 'reset';
  email: string;
  name: string;
  companyName: string;
}

export const authApi = {
  signIn: (email: string, password: string) => api.post<SignedIn>('/session', { email, password }),
  signOut: () => api.delete<Record<string, never>>('/session'),
  signOutEverywhere: () => api.delete<Record<string, never>>('/sessions'),
  requestReset: (email: string) => api.post<Record<string, never>>('/password-reset', { email }),
  link: (token: string) => api.get<LinkInfo>(`/links/${encodeURIComponent(token)}`),
  setPassword: (token: string, body: { password: string; name?: string }) =>
    api.post<SignedIn>(`/links/${encodeURIComponent(token)}`, body),
};
