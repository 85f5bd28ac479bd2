/**
 * Result strings and message-catalogue keys of G8 and D8. The texts themselves live in the web app's
 * locales (all four languages); the domain only fixes the keys and the English defaults the API uses.
 */

/** PIN / table-number lookup results, returned by survey.transaction as `pin.error`. */
export const PinResult = [
  'INVALID-PIN-LENGTH',
  'INVALID-PIN',
  'NO-TRANSACTION-DATA',
  'NO-ACCOUNT',
  'NO-BRANCH',
  'NO-COMPANY',
] as const;
export type PinResult = (typeof PinResult)[number];

/** English defaults of the PIN results; table numbers use the same set with 'table number' wording. */
export const PIN_RESULT_MESSAGES: Record<PinResult, { pin: string; table: string }> = {
  'INVALID-PIN-LENGTH': {
    pin: 'The PIN was not the correct length',
    table: 'The table number was not the correct length',
  },
  'INVALID-PIN': { pin: 'An invalid PIN was provided', table: 'An invalid table number was provided' },
  'NO-TRANSACTION-DATA': {
    pin: 'No transaction data available for the PIN',
    table: 'No transaction data available for the table number',
  },
  'NO-ACCOUNT': {
    pin: 'An invalid PIN was provided (Error: 1)',
    table: 'An invalid table number was provided (Error: 1)',
  },
  'NO-BRANCH': {
    pin: 'An invalid PIN was provided (Error: 2)',
    table: 'An invalid table number was provided (Error: 2)',
  },
  'NO-COMPANY': {
    pin: 'An invalid PIN was provided (Error: 3)',
    table: 'An invalid table number was provided (Error: 3)',
  },
};

/** A missing PIN result defaults to invalid (G8). */
export const pinResultOrDefault = (value: string | null | undefined): PinResult =>
  (PinResult as readonly string[]).includes(value ?? '') ? (value as PinResult) : 'INVALID-PIN';

/**
 * Message catalogue keys of G8, D8 and the shared form messages of G5/D5. The web app's locale files
 * must define every key in every language (a test checks it).
 */
export const MessageKey = [
  // slug and routing
  'slug.noSlug',
  'slug.badSlug',
  'notFound.title',
  // server and submit
  'api.responseError',
  'submit.wait',
  'submit.failed',
  'submit.formFailed',
  'submit.retry',
  'ai.notEnoughInformation',
  'upload.unknownError',
  'upload.tooLarge',
  'upload.photoRequired',
  'browser.outdated',
  'browser.unsupported',
  // menu insight
  'menu.noResults',
  'menu.moreCharactersRequired',
  // check-in
  'checkin.tableNumberRequired',
  'checkin.visitInFuture',
  'checkin.visitInvalid',
  // device
  'device.disabled',
  'device.registrationFailed',
  'device.updateFailed',
  'device.invalidDeviceReference',
  'device.registered',
  'device.updated',
  'device.registrationNeeded',
  // staff sign-in
  'staff.inactive',
  'staff.invalidPasscode',
  'staff.invalidPin',
  'staff.allSurveysDisabled',
  'staff.contactAdministrator',
  // settings
  'settings.downloadSurveysFailed',
  'settings.downloadProductsFailed',
  'settings.resetFailed',
  'settings.uploadFailedTitle',
  'settings.uploadFailedCounts',
  // team
  'team.noConnection',
  'team.addFailed',
  'team.updateFailed',
  'team.deleteFailed',
  'team.closeUnsaved',
  'team.noSettingsMember',
  'team.unknownTeam',
  'team.invalidValue',
  // shared form messages
  'form.required',
  'form.minChars',
  'form.maxChars',
  'form.textDirection',
  'form.numeric',
  'form.email',
  'form.alphaDash',
  'form.alphaNumLower',
  'form.match',
  'form.minValue',
  'form.maxValue',
  'form.futureDate',
  'form.dayMonth',
  'form.dayMonthYear',
  'form.unique',
  'form.privacyRequired',
  'form.notInSurvey',
] as const;
export type MessageKey = (typeof MessageKey)[number];
