// The menu's CSV import (issue 30 item 6, decision 0243): the owner's, through PUT /console/menu.
export { MenuImportScreen } from './menu-import-screen';
