/** The surveys the staff home offers: the selected survey, else the default one, else all of them. */
export function surveysToStart<S extends { templateId: number }>(
  surveys: readonly S[],
  selectedTemplate: number,
  defaultTemplate: number,
): S[] {
  const chosen =
    surveys.find((survey) => selectedTemplate !== 0 && survey.templateId === selectedTemplate) ??
    surveys.find((survey) => defaultTemplate !== 0 && survey.templateId === defaultTemplate);
  return chosen ? [chosen] : [...surveys];
}
