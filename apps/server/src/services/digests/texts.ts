import type { Language } from '@venue-voice/domain';

/** The digest's words in one language; counts take the plural the language needs. */
export interface DigestTexts {
  /** Intl's locale for numbers and dates. */
  locale: string;
  /** The subject's period: "week 48", "27 November". */
  weekLabel: (week: number) => string;
  responsesCount: (n: number) => string;
  heading: { weekly: (company: string) => string; daily: (company: string) => string };
  against: (period: string, before: string) => string;
  figure: string;
  thisPeriod: { weekly: string; daily: string };
  periodBefore: { weekly: string; daily: string };
  change: string;
  responses: string;
  nps: string;
  csat: string;
  noAnswers: string;
  /** O5.5 a figure from fewer than 5 answers, said in words (the dashboard's lowSample). */
  lowSample: (value: string, count: number) => string;
  fewResponses: string;
  branches: string;
  branch: string;
  noBranch: string;
  bestDishes: string;
  worstDishes: string;
  dish: string;
  ratings: string;
  good: string;
  bad: string;
  noDishes: string;
  /** The worst dishes' line when the only dishes rated enough are among the best. */
  noOtherDishes: string;
  thanked: string;
  member: string;
  named: string;
  noStaff: string;
  openCases: string;
  open: string;
  oldest: string;
  days: (n: number) => string;
  noCases: string;
  dashboard: string;
  dishesLink: string;
  teamLink: string;
  footer: { weekly: string; daily: string };
  changeIt: string;
}

const plural = (n: number, one: string, other: string) => (n === 1 ? one : other);

export const DIGEST_TEXTS: Record<Language, DigestTexts> = {
  'en-gb': {
    locale: 'en-GB',
    weekLabel: (w) => `week ${w}`,
    responsesCount: (n) => `${n} ${plural(n, 'response', 'responses')}`,
    heading: { weekly: (c) => `Your week at ${c}`, daily: (c) => `Your day at ${c}` },
    against: (p, b) => `${p}, against ${b}`,
    figure: 'Figure',
    thisPeriod: { weekly: 'This week', daily: 'This day' },
    periodBefore: { weekly: 'Week before', daily: 'Day before' },
    change: 'Change',
    responses: 'Responses',
    nps: 'NPS',
    csat: 'CSAT',
    noAnswers: 'no answers',
    lowSample: (v, n) => `${v} (only ${n} ${plural(n, 'answer', 'answers')}: too few to rely on)`,
    fewResponses: 'Fewer than 5 responses: read with care.',
    branches: 'Branches',
    branch: 'Branch',
    noBranch: 'No branch',
    bestDishes: 'Best dishes',
    worstDishes: 'Dishes to look at',
    dish: 'Dish',
    ratings: 'Ratings',
    good: 'Good',
    bad: 'Bad',
    noDishes: 'No dish was rated 5 times or more.',
    noOtherDishes: 'No other dish was rated 5 times or more.',
    thanked: 'Staff most thanked',
    member: 'Team member',
    named: 'Named by guests',
    noStaff: 'No guest named a team member.',
    openCases: 'Open cases',
    open: 'Open',
    oldest: 'Oldest',
    days: (n) => `${n} ${plural(n, 'day', 'days')}`,
    noCases: 'No open cases.',
    dashboard: 'Open the dashboard for this period',
    dishesLink: 'Dishes',
    teamLink: 'Team',
    footer: {
      weekly: 'You get this summary every week.',
      daily: 'You get this summary every day.',
    },
    changeIt: 'Change when it comes, or turn it off, in your profile',
  },
  de: {
    locale: 'de',
    weekLabel: (w) => `KW ${w}`,
    responsesCount: (n) => `${n} ${plural(n, 'Antwort', 'Antworten')}`,
    heading: { weekly: (c) => `Ihre Woche bei ${c}`, daily: (c) => `Ihr Tag bei ${c}` },
    against: (p, b) => `${p}, verglichen mit ${b}`,
    figure: 'Kennzahl',
    thisPeriod: { weekly: 'Diese Woche', daily: 'Dieser Tag' },
    periodBefore: { weekly: 'Vorwoche', daily: 'Vortag' },
    change: 'Veränderung',
    responses: 'Antworten',
    nps: 'NPS',
    csat: 'CSAT',
    noAnswers: 'keine Antworten',
    lowSample: (v, n) =>
      `${v} (nur ${n} ${plural(n, 'Antwort', 'Antworten')}: zu wenige, um sich darauf zu verlassen)`,
    fewResponses: 'Weniger als 5 Antworten: mit Vorsicht lesen.',
    branches: 'Standorte',
    branch: 'Standort',
    noBranch: 'Ohne Standort',
    bestDishes: 'Beste Gerichte',
    worstDishes: 'Gerichte zum Nachsehen',
    dish: 'Gericht',
    ratings: 'Bewertungen',
    good: 'Gut',
    bad: 'Schlecht',
    noDishes: 'Kein Gericht wurde 5-mal oder öfter bewertet.',
    noOtherDishes: 'Kein anderes Gericht wurde 5-mal oder öfter bewertet.',
    thanked: 'Am häufigsten gelobte Mitarbeiter',
    member: 'Mitarbeiter',
    named: 'Von Gästen genannt',
    noStaff: 'Kein Gast hat einen Mitarbeiter genannt.',
    openCases: 'Offene Fälle',
    open: 'Offen',
    oldest: 'Ältester',
    days: (n) => `${n} ${plural(n, 'Tag', 'Tage')}`,
    noCases: 'Keine offenen Fälle.',
    dashboard: 'Dashboard für diesen Zeitraum öffnen',
    dishesLink: 'Gerichte',
    teamLink: 'Team',
    footer: {
      weekly: 'Sie erhalten diese Übersicht jede Woche.',
      daily: 'Sie erhalten diese Übersicht jeden Tag.',
    },
    changeIt: 'Zeitpunkt ändern oder abbestellen in Ihrem Profil',
  },
  it: {
    locale: 'it',
    weekLabel: (w) => `settimana ${w}`,
    responsesCount: (n) => `${n} ${plural(n, 'risposta', 'risposte')}`,
    heading: { weekly: (c) => `La tua settimana da ${c}`, daily: (c) => `La tua giornata da ${c}` },
    against: (p, b) => `${p}, rispetto a ${b}`,
    figure: 'Indicatore',
    thisPeriod: { weekly: 'Questa settimana', daily: 'Questo giorno' },
    periodBefore: { weekly: 'Settimana prima', daily: 'Giorno prima' },
    change: 'Variazione',
    responses: 'Risposte',
    nps: 'NPS',
    csat: 'CSAT',
    noAnswers: 'nessuna risposta',
    lowSample: (v, n) => `${v} (solo ${n} ${plural(n, 'risposta', 'risposte')}: troppo poche per fidarsi)`,
    fewResponses: 'Meno di 5 risposte: leggere con cautela.',
    branches: 'Sedi',
    branch: 'Sede',
    noBranch: 'Nessuna sede',
    bestDishes: 'Piatti migliori',
    worstDishes: 'Piatti da controllare',
    dish: 'Piatto',
    ratings: 'Valutazioni',
    good: 'Buono',
    bad: 'Scarso',
    noDishes: 'Nessun piatto è stato valutato 5 volte o più.',
    noOtherDishes: 'Nessun altro piatto è stato valutato 5 volte o più.',
    thanked: 'Personale più ringraziato',
    member: 'Membro del team',
    named: 'Citato dagli ospiti',
    noStaff: 'Nessun ospite ha citato un membro del team.',
    openCases: 'Casi aperti',
    open: 'Aperti',
    oldest: 'Più vecchio',
    days: (n) => `${n} ${plural(n, 'giorno', 'giorni')}`,
    noCases: 'Nessun caso aperto.',
    dashboard: 'Apri la dashboard per questo periodo',
    dishesLink: 'Piatti',
    teamLink: 'Team',
    footer: {
      weekly: 'Ricevi questo riepilogo ogni settimana.',
      daily: 'Ricevi questo riepilogo ogni giorno.',
    },
    changeIt: 'Cambia quando arriva, o disattivalo, nel tuo profilo',
  },
  es: {
    locale: 'es',
    weekLabel: (w) => `semana ${w}`,
    responsesCount: (n) => `${n} ${plural(n, 'respuesta', 'respuestas')}`,
    heading: { weekly: (c) => `Tu semana en ${c}`, daily: (c) => `Tu día en ${c}` },
    against: (p, b) => `${p}, frente a ${b}`,
    figure: 'Indicador',
    thisPeriod: { weekly: 'Esta semana', daily: 'Este día' },
    periodBefore: { weekly: 'Semana anterior', daily: 'Día anterior' },
    change: 'Cambio',
    responses: 'Respuestas',
    nps: 'NPS',
    csat: 'CSAT',
    noAnswers: 'sin respuestas',
    lowSample: (v, n) =>
      `${v} (solo ${n} ${plural(n, 'respuesta', 'respuestas')}: demasiado pocas para fiarse)`,
    fewResponses: 'Menos de 5 respuestas: léase con cautela.',
    branches: 'Locales',
    branch: 'Local',
    noBranch: 'Sin local',
    bestDishes: 'Mejores platos',
    worstDishes: 'Platos a revisar',
    dish: 'Plato',
    ratings: 'Valoraciones',
    good: 'Bueno',
    bad: 'Malo',
    noDishes: 'Ningún plato se valoró 5 veces o más.',
    noOtherDishes: 'Ningún otro plato se valoró 5 veces o más.',
    thanked: 'Personal más agradecido',
    member: 'Miembro del equipo',
    named: 'Nombrado por clientes',
    noStaff: 'Ningún cliente nombró a un miembro del equipo.',
    openCases: 'Casos abiertos',
    open: 'Abiertos',
    oldest: 'Más antiguo',
    days: (n) => `${n} ${plural(n, 'día', 'días')}`,
    noCases: 'No hay casos abiertos.',
    dashboard: 'Abrir el panel de este periodo',
    dishesLink: 'Platos',
    teamLink: 'Equipo',
    footer: {
      weekly: 'Recibes este resumen cada semana.',
      daily: 'Recibes este resumen cada día.',
    },
    changeIt: 'Cambia cuándo llega, o desactívalo, en tu perfil',
  },
};
