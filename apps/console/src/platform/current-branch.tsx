import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

const STORED = 'vv-console-branch';

interface CurrentBranch {
  /** The branch the switcher shows; null when the operator sees none. */
  branchId: number | null;
  setBranchId(id: number): void;
}

const Context = createContext<CurrentBranch>({ branchId: null, setBranchId: () => undefined });

const stored = (): number | null => {
  try {
    const value = Number(localStorage.getItem(STORED));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

/**
 * The branch the operator works on (the header's switcher): remembered on this browser, and always one
 * of the branches they may see (the first when the remembered one is not).
 */
export function CurrentBranchProvider({ branchIds, children }: { branchIds: number[]; children: ReactNode }) {
  const [chosen, setChosen] = useState(stored);
  const value = useMemo<CurrentBranch>(() => {
    const branchId = chosen !== null && branchIds.includes(chosen) ? chosen : (branchIds[0] ?? null);
    return {
      branchId,
      setBranchId: (id) => {
        setChosen(id);
        try {
          localStorage.setItem(STORED, String(id));
        } catch {
          // Storage blocked: the choice lasts for this page.
        }
      },
    };
  }, [chosen, branchIds]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useCurrentBranch = () => useContext(Context);
