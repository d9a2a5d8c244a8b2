import { lazy, Suspense, type ComponentType } from 'react';
import { QueryCache, QueryClient, QueryClientProvider, MutationCache } from '@tanstack/react-query';
import { RouterProvider } from 'react-aria-components';
import { BrowserRouter, Route, Routes, useHref, useNavigate } from 'react-router';
import { CourseSearch } from '../components/course/CourseSearch';
import { CourseView } from '../components/course/CourseView';
import { Dashboard } from '../components/my/Dashboard';
import { PageView } from '../components/mod/PageView';
import { UrlView } from '../components/mod/UrlView';
import { Preferences } from '../components/user/Preferences';
import { Profile } from '../components/user/Profile';
import { AjaxError } from '../platform/ajax';
import { showException } from '../platform/dialogs';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { Loading } from './Page';
import { PageErrorGate } from './PageErrorGate';

/** Queries marked `meta: { quiet: true }` handle their own errors inline. */
function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.quiet) void showException(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.quiet) void showException(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A server exception will not change on retry; a dropped connection might.
        retry: (count, error) => !(error instanceof AjaxError) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

const queryClient = makeQueryClient();

/**
 * A screen loaded only when first opened, so a learner's first page does not carry every admin and
 * teacher tool. The page's heading area shows the usual loading state meanwhile.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}

// The documentation page carries the contracts' schemas (zod) for display.
const Documentation = lazyPage(() => import('../components/webservice/Documentation'), 'Documentation');
const AdminIndex = lazyPage(() => import('../components/admin/AdminIndex'), 'AdminIndex');
const AdminSearch = lazyPage(() => import('../components/admin/AdminSearch'), 'AdminSearch');
const AdminSettings = lazyPage(() => import('../components/admin/AdminSettings'), 'AdminSettings');
const CourseManagement = lazyPage(() => import('../components/course/CourseManagement'), 'CourseManagement');
const EditCategory = lazyPage(() => import('../components/course/EditCategory'), 'EditCategory');
const EditCourse = lazyPage(() => import('../components/course/EditCourse'), 'EditCourse');
const BulkCompletionPage = lazyPage(() => import('../components/completion/BulkCompletionPage'), 'BulkCompletionPage');
const CohortMembers = lazyPage(() => import('../components/cohort/CohortMembers'), 'CohortMembers');
const Cohorts = lazyPage(() => import('../components/cohort/Cohorts'), 'Cohorts');
const ReportsIndex = lazyPage(() => import('../components/report/ReportsIndex'), 'ReportsIndex');
const EditReport = lazyPage(() => import('../components/report/EditReport'), 'EditReport');
const ViewReport = lazyPage(() => import('../components/report/ViewReport'), 'ViewReport');
const Groupings = lazyPage(() => import('../components/group/Groupings'), 'Groupings');
const Groups = lazyPage(() => import('../components/group/Groups'), 'Groups');
const ModuleEdit = lazyPage(() => import('../components/mod/ModuleEdit'), 'ModuleEdit');
const PreferredLanguage = lazyPage(() => import('../components/user/PreferredLanguage'), 'PreferredLanguage');
const Participants = lazyPage(() => import('../components/enrol/Participants'), 'Participants');
const SelfEnrol = lazyPage(() => import('../components/enrol/SelfEnrol'), 'SelfEnrol');
const EditAdvanced = lazyPage(() => import('../components/user/EditAdvanced'), 'EditAdvanced');
const EditProfile = lazyPage(() => import('../components/user/EditProfile'), 'EditProfile');
const UserList = lazyPage(() => import('../components/user/UserList'), 'UserList');
const UploadUsers = lazyPage(() => import('../components/user/UploadUsers'), 'UploadUsers');
const TagManage = lazyPage(() => import('../components/tag/TagManage'), 'TagManage');
const TagIndex = lazyPage(() => import('../components/tag/TagIndex'), 'TagIndex');
const Permissions = lazyPage(() => import('../components/role/Permissions'), 'Permissions');
const CheckPermissions = lazyPage(() => import('../components/role/CheckPermissions'), 'CheckPermissions');
const DefineRoles = lazyPage(() => import('../components/role/DefineRoles'), 'DefineRoles');
const EditRole = lazyPage(() => import('../components/role/EditRole'), 'EditRole');
const AllowMatrix = lazyPage(() => import('../components/role/AllowMatrix'), 'AllowMatrix');
const AssignRoles = lazyPage(() => import('../components/role/AssignRoles'), 'AssignRoles');
const AssignView = lazyPage(() => import('../components/assign/AssignView'), 'AssignView');
const QuizView = lazyPage(() => import('../components/quiz/QuizView'), 'QuizView');
const QuizAttempt = lazyPage(() => import('../components/quiz/AttemptPage'), 'AttemptPage');
const QuizSummary = lazyPage(() => import('../components/quiz/SummaryPage'), 'SummaryPage');
const QuizReview = lazyPage(() => import('../components/quiz/ReviewPage'), 'ReviewPage');
const QuizEdit = lazyPage(() => import('../components/quiz/EditQuizPage'), 'EditQuizPage');
const QuizReport = lazyPage(() => import('../components/quiz/ReportPage'), 'ReportPage');
const QuestionBank = lazyPage(() => import('../components/question/QuestionBankPage'), 'QuestionBankPage');
const FeedbackView = lazyPage(() => import('../components/feedback/FeedbackView'), 'FeedbackView');
const FeedbackEdit = lazyPage(() => import('../components/feedback/FeedbackEdit'), 'FeedbackEdit');
const FeedbackComplete = lazyPage(() => import('../components/feedback/FeedbackComplete'), 'FeedbackComplete');
const FeedbackAnalysis = lazyPage(() => import('../components/feedback/FeedbackAnalysis'), 'FeedbackAnalysis');
const UserGrades = lazyPage(() => import('../components/grades/UserGrades'), 'UserGrades');
const GraderReport = lazyPage(() => import('../components/grades/GraderReport'), 'GraderReport');
const GuideEditor = lazyPage(() => import('../components/grading/GuideEditor'), 'GuideEditor');
const LtiView = lazyPage(() => import('../components/mod/LtiView'), 'LtiView');
const ToolConfigure = lazyPage(() => import('../components/lti/ToolConfigure'), 'ToolConfigure');
const ToolSettingsPage = lazyPage(() => import('../components/lti/ToolSettingsPage'), 'ToolSettingsPage');
const CourseToolEditPage = lazyPage(() => import('../components/lti/ToolSettingsPage'), 'CourseToolEditPage');
const CourseTools = lazyPage(() => import('../components/lti/CourseTools'), 'CourseTools');
const CompetencyFrameworks = lazyPage(() => import('../components/competency/CompetencyFrameworks'), 'CompetencyFrameworks');
const CompetenciesPage = lazyPage(() => import('../components/competency/CompetenciesPage'), 'CompetenciesPage');
const EditCompetency = lazyPage(() => import('../components/competency/EditCompetency'), 'EditCompetency');
const TemplatesPage = lazyPage(() => import('../components/competency/TemplatesPage'), 'TemplatesPage');
const TemplateCompetenciesPage = lazyPage(() => import('../components/competency/TemplateCompetenciesPage'), 'TemplateCompetenciesPage');
const TemplatePlansPage = lazyPage(() => import('../components/competency/TemplatePlansPage'), 'TemplatePlansPage');
const PlansPage = lazyPage(() => import('../components/competency/PlansPage'), 'PlansPage');
const PlanPage = lazyPage(() => import('../components/competency/PlanPage'), 'PlanPage');
const UserCompetencyInPlanPage = lazyPage(() => import('../components/competency/UserCompetencyInPlanPage'), 'UserCompetencyInPlanPage');
const CourseCompetenciesPage = lazyPage(() => import('../components/competency/CourseCompetenciesPage'), 'CourseCompetenciesPage');
const UserCompetencyInCoursePage = lazyPage(() => import('../components/competency/UserCompetencyInCoursePage'), 'UserCompetencyInCoursePage');
const UserEvidenceListPage = lazyPage(() => import('../components/competency/UserEvidenceListPage'), 'UserEvidenceListPage');
const UserEvidencePage = lazyPage(() => import('../components/competency/UserEvidencePage'), 'UserEvidencePage');
const UserEvidenceEditPage = lazyPage(() => import('../components/competency/UserEvidenceEditPage'), 'UserEvidenceEditPage');
const CompetencyReportPage = lazyPage(() => import('../components/competency/CompetencyReportPage'), 'CompetencyReportPage');
const TemplateLibrary = lazyPage(() => import('../components/templatelibrary/TemplateLibrary'), 'TemplateLibrary');
const FrontPage = lazyPage(() => import('../components/theme/FrontPage'), 'FrontPage');
const ThemeSettings = lazyPage(() => import('../components/theme/ThemeSettings'), 'ThemeSettings');

function Routed() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <Routes>
        <Route element={<Layout />}>
          <Route element={<PageErrorGate />}>
            <Route path="/" element={<FrontPage />} />
            <Route path="/index.php" element={<FrontPage />} />
            <Route path="/theme/essential/settings.php" element={<ThemeSettings />} />
            <Route path="/my/" element={<Dashboard />} />
            <Route path="/course/view.php" element={<CourseView />} />
            <Route path="/course/search.php" element={<CourseSearch />} />
            <Route path="/course/management.php" element={<CourseManagement />} />
            <Route path="/course/editcategory.php" element={<EditCategory />} />
            <Route path="/course/edit.php" element={<EditCourse />} />
            <Route path="/course/bulkcompletion.php" element={<BulkCompletionPage />} />
            <Route path="/course/modedit.php" element={<ModuleEdit />} />
            <Route path="/mod/page/view.php" element={<PageView />} />
            <Route path="/mod/url/view.php" element={<UrlView />} />
            <Route path="/mod/assign/view.php" element={<AssignView />} />
            <Route path="/mod/quiz/view.php" element={<QuizView />} />
            <Route path="/mod/quiz/attempt.php" element={<QuizAttempt />} />
            <Route path="/mod/quiz/summary.php" element={<QuizSummary />} />
            <Route path="/mod/quiz/review.php" element={<QuizReview />} />
            <Route path="/mod/quiz/edit.php" element={<QuizEdit />} />
            <Route path="/mod/quiz/report.php" element={<QuizReport />} />
            <Route path="/question/edit.php" element={<QuestionBank />} />
            <Route path="/mod/feedback/view.php" element={<FeedbackView />} />
            <Route path="/mod/feedback/edit.php" element={<FeedbackEdit />} />
            <Route path="/mod/feedback/complete.php" element={<FeedbackComplete />} />
            <Route path="/mod/feedback/analysis.php" element={<FeedbackAnalysis />} />
            <Route path="/mod/lti/view.php" element={<LtiView />} />
            <Route path="/mod/lti/toolconfigure.php" element={<ToolConfigure />} />
            <Route path="/mod/lti/typessettings.php" element={<ToolSettingsPage />} />
            <Route path="/mod/lti/coursetools.php" element={<CourseTools />} />
            <Route path="/mod/lti/coursetooledit.php" element={<CourseToolEditPage />} />
            <Route path="/grade/report/user/index.php" element={<UserGrades />} />
            <Route path="/grade/report/grader/index.php" element={<GraderReport />} />
            <Route path="/grade/grading/form/guide/edit.php" element={<GuideEditor />} />
            <Route path="/user/profile.php" element={<Profile />} />
            <Route path="/user/preferences.php" element={<Preferences />} />
            <Route path="/user/language.php" element={<PreferredLanguage />} />
            <Route path="/user/index.php" element={<Participants />} />
            <Route path="/enrol/index.php" element={<SelfEnrol />} />
            <Route path="/user/edit.php" element={<EditProfile />} />
            <Route path="/user/editadvanced.php" element={<EditAdvanced />} />
            <Route path="/admin/user.php" element={<UserList />} />
            <Route path="/admin/tool/uploaduser/index.php" element={<UploadUsers />} />
            <Route path="/admin/" element={<AdminIndex />} />
            <Route path="/admin/search.php" element={<AdminSearch />} />
            <Route path="/admin/settings.php" element={<AdminSettings />} />
            <Route path="/admin/webservice/documentation.php" element={<Documentation />} />
            <Route path="/group/index.php" element={<Groups />} />
            <Route path="/group/groupings.php" element={<Groupings />} />
            <Route path="/cohort/index.php" element={<Cohorts />} />
            <Route path="/blocks/configurable_reports/managereport.php" element={<ReportsIndex />} />
            <Route path="/blocks/configurable_reports/editreport.php" element={<EditReport />} />
            <Route path="/blocks/configurable_reports/viewreport.php" element={<ViewReport />} />
            <Route path="/cohort/assign.php" element={<CohortMembers />} />
            <Route path="/tag/manage.php" element={<TagManage />} />
            <Route path="/tag/index.php" element={<TagIndex />} />
            <Route path="/admin/roles/manage.php" element={<DefineRoles />} />
            <Route path="/admin/roles/define.php" element={<EditRole />} />
            <Route path="/admin/roles/allow.php" element={<AllowMatrix />} />
            <Route path="/admin/roles/assign.php" element={<AssignRoles />} />
            <Route path="/admin/roles/permissions.php" element={<Permissions />} />
            <Route path="/admin/roles/check.php" element={<CheckPermissions />} />
            <Route path="/admin/tool/lp/competencyframeworks.php" element={<CompetencyFrameworks />} />
            <Route path="/admin/tool/lp/competencies.php" element={<CompetenciesPage />} />
            <Route path="/admin/tool/lp/editcompetency.php" element={<EditCompetency />} />
            <Route path="/admin/tool/lp/learningplans.php" element={<TemplatesPage />} />
            <Route path="/admin/tool/lp/templatecompetencies.php" element={<TemplateCompetenciesPage />} />
            <Route path="/admin/tool/lp/template_plans.php" element={<TemplatePlansPage />} />
            <Route path="/admin/tool/lp/plans.php" element={<PlansPage />} />
            <Route path="/admin/tool/lp/plan.php" element={<PlanPage />} />
            <Route path="/admin/tool/lp/user_competency_in_plan.php" element={<UserCompetencyInPlanPage />} />
            <Route path="/admin/tool/lp/coursecompetencies.php" element={<CourseCompetenciesPage />} />
            <Route path="/admin/tool/lp/user_competency_in_course.php" element={<UserCompetencyInCoursePage />} />
            <Route path="/admin/tool/lp/user_evidence_list.php" element={<UserEvidenceListPage />} />
            <Route path="/admin/tool/lp/user_evidence.php" element={<UserEvidencePage />} />
            <Route path="/admin/tool/lp/user_evidence_edit.php" element={<UserEvidenceEditPage />} />
            <Route path="/report/competency/index.php" element={<CompetencyReportPage />} />
            <Route path="/admin/tool/templatelibrary/index.php" element={<TemplateLibrary />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </RouterProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routed />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
