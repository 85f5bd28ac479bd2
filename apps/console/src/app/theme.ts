import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// docs/design.md's tokens in Mantine's theme (decision 0222): the app's own navy as the primary colour
// (#1f3a5f, shade 7), its text, muted and line colours, Poppins at 400 and 600, radii of the guest app.
const navy: MantineColorsTuple = [
  '#eef2f7',
  '#dbe3ee',
  '#b4c5da',
  '#8aa5c6',
  '#6889b3',
  '#4f74a3',
  '#3b5f8c',
  '#1f3a5f',
  '#182f4d',
  '#11233a',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 7,
  colors: { navy },
  black: '#172033',
  fontFamily:
    'Poppins, "Poppins Fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.3' },
      h2: { fontSize: '1.375rem', lineHeight: '1.35' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  radius: { sm: '0.625rem', md: '0.875rem', lg: '1.25rem' },
  cursorType: 'pointer',
  focusRing: 'auto',
  // docs/design.md: no transitions under prefers-reduced-motion.
  respectReducedMotion: true,
  components: {
    // A dialog's title bar is no page banner (axe: one banner landmark per page).
    ModalHeader: { defaultProps: { component: 'div' } },
    // The header and navigation are white surfaces on the page's grey, as the guest app's cards are.
    AppShell: { styles: { header: { background: '#ffffff' }, navbar: { background: '#ffffff' } } },
  },
});

/**
 * Muted text at the guest app's #4b5563 (7.5:1 on white) rather than Mantine's lighter grey, which does not
 * reach 4.5:1; the page behind cards is the guest app's #f4f5f7.
 */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: { '--vv-focus': '#c2410c' },
  light: {
    '--mantine-color-dimmed': '#4b5563',
    '--mantine-color-body': '#f4f5f7',
    '--mantine-color-default-border': '#8a94a6',
    '--mantine-color-placeholder': '#6b7280',
    // A field's error text and border at Mantine's red 9 (6:1 on white): its red 6 reaches 3.3:1 only.
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
