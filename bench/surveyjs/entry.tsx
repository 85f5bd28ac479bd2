/**
 * The SurveyJS baseline of the `bundle` bench (issue 25 point 4, decision 0172): the smallest page that
 * shows one question with SurveyJS's React UI, written as its React getting-started guide does (the
 * default theme's style sheet, a `Model` made from a JSON schema, the `Survey` component), mounted with
 * React 19's createRoot. Built by bench/bundle.bench.ts with the app's Vite; never part of the app.
 */
import 'survey-core/survey-core.css';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
// One rating question, 1 to 5 (the bench prints it in its method).
import surveyJson from './survey.json';

function VisitSurvey() {
  const survey = useMemo(() => new Model(surveyJson), []);
  return <Survey model={survey} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<VisitSurvey />);
