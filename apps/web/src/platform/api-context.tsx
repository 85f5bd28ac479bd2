import { createContext, type ReactNode, useContext } from 'react';
import type { WebApi } from './api';

const ApiContext = createContext<WebApi | null>(null);

export function ApiProvider({ api, children }: { api: WebApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API of the nearest ApiProvider; a missing provider is a wiring bug, so it throws. */
export function useApi(): WebApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider> above it');
  return api;
}
