import type { ComponentType } from 'react';
import { AssignSettingsForm } from './AssignSettingsForm';
import { FeedbackSettingsForm } from './FeedbackSettingsForm';
import { LtiSettingsForm } from './LtiSettingsForm';
import { PageSettingsForm } from './PageSettingsForm';
import { QuizSettingsForm } from './QuizSettingsForm';
import { UrlSettingsForm } from './UrlSettingsForm';

export interface ModuleFormProps {
  courseid: number;
  section: number;
  /** An existing module to edit; absent for a new one. */
  cmid?: number;
  /** Called after saving (or cancelling): back to the course page. */
  onDone: () => void;
}

/** The settings form of each module type the chooser can add; each activity issue adds its own. */
export const moduleForms: Record<string, ComponentType<ModuleFormProps> | undefined> = {
  assign: AssignSettingsForm,
  feedback: FeedbackSettingsForm,
  lti: LtiSettingsForm,
  page: PageSettingsForm,
  quiz: QuizSettingsForm,
  url: UrlSettingsForm,
};
