import { AppError, ErrorCodes } from '@venue-voice/domain';

/**
 * 400 10025 naming each field's fault by its catalogue key (console-contract.md: `detail.fields` maps a
 * field to its key, e.g. `{ email: 'operator.emailTaken' }`); the console shows the key's text by the field.
 */
export const formFault = (fields: Record<string, string>, message = 'The form has errors') =>
  new AppError(ErrorCodes.FORM_VALIDATION, { message, detail: { fields }, ui: true });

/** 404 10014: no operator of the caller's company has this id (another company's look the same). */
export const unknownOperator = () =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such operator' });

/** 403 10034: the role does not allow this (O1.3 company-wide things are the owner's). */
export const notPermitted = (message = 'Your role does not allow this') =>
  new AppError(ErrorCodes.NOT_PERMITTED, { message, ui: true });
