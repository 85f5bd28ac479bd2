// The console's en-gb texts, and the domain's catalogue keys it shows (form.*, team.*: the D5 field messages
// of the team member form) taken from the web app's en-gb catalogue, the one place they are translated, so
// the console and the tablet's Manage team say the same (decision 0224).
import { form, team } from '../../../web/src/locales/en-gb.json';
import own from './en-gb.json';

export default { ...own, form: { ...form, ...own.form }, team };
