/**
 * The site administration tree: each tool an admin can open, under its category. Components add
 * their own tools here as they land.
 */
export interface AdminTool {
  /** String id (moodle component) of the tool's name. */
  name: string;
  /** String id of a one-line description. */
  description: string;
  href: string;
}

export interface AdminCategory {
  name: string;
  tools: AdminTool[];
}

export const ADMIN_TREE: readonly AdminCategory[] = [
  {
    name: 'adminsearchcategory',
    tools: [{ name: 'searchadmin', description: 'searchadmindesc', href: '/admin/search.php' }],
  },
  {
    name: 'users',
    tools: [
      { name: 'userlist', description: 'userlistdesc', href: '/admin/user.php' },
      { name: 'addnewuser', description: 'addnewuserdesc', href: '/user/editadvanced.php?id=-1' },
      { name: 'uploadusers', description: 'uploadusersdesc', href: '/admin/tool/uploaduser/index.php' },
      { name: 'cohorts', description: 'cohortsdesc', href: '/cohort/index.php' },
      { name: 'showuseridentity', description: 'showuseridentitydesc', href: '/admin/settings.php?section=identity' },
    ],
  },
  {
    name: 'permissions',
    tools: [
      { name: 'defineroles', description: 'definerolesdesc', href: '/admin/roles/manage.php' },
      { name: 'assignglobalroles', description: 'assignglobalrolesdesc', href: '/admin/roles/assign.php?contextid=1' },
      { name: 'checksystempermissions', description: 'checksystempermissionsdesc', href: '/admin/roles/check.php' },
    ],
  },
  {
    name: 'courses',
    tools: [
      { name: 'coursemgmt', description: 'coursemgmtdesc', href: '/course/management.php' },
      { name: 'addnewcourse', description: 'addnewcoursedesc', href: '/course/edit.php' },
      { name: 'addcategory', description: 'addcategorydesc', href: '/course/editcategory.php' },
    ],
  },
  {
    name: 'competencies',
    tools: [
      { name: 'competencyframeworks', description: 'competencyframeworksdesc', href: '/admin/tool/lp/competencyframeworks.php?pagecontextid=1' },
      { name: 'learningplantemplates', description: 'learningplantemplatesdesc', href: '/admin/tool/lp/learningplans.php?pagecontextid=1' },
    ],
  },
  {
    name: 'plugins',
    tools: [{ name: 'manageexternaltools', description: 'manageexternaltoolsdesc', href: '/mod/lti/toolconfigure.php' }],
  },
  {
    name: 'reports',
    tools: [{ name: 'customsqlreports', description: 'customsqlreportsdesc', href: '/blocks/configurable_reports/managereport.php' }],
  },
  {
    name: 'language',
    tools: [{ name: 'languagesettings', description: 'languagesettingsdesc', href: '/admin/settings.php?section=langsettings' }],
  },
  {
    name: 'appearance',
    tools: [
      { name: 'themesettings', description: 'themesettingsdesc', href: '/theme/essential/settings.php' },
      { name: 'managetags', description: 'managetagsdesc', href: '/tag/manage.php' },
    ],
  },
  {
    name: 'webservices',
    tools: [{ name: 'wsdocumentation', description: 'wsdocumentationintro', href: '/admin/webservice/documentation.php' }],
  },
  {
    name: 'development',
    tools: [{ name: 'templatelibrary', description: 'templatelibrarydesc', href: '/admin/tool/templatelibrary/index.php' }],
  },
];

export const ADMIN_STRING_IDS: readonly string[] = [...new Set(ADMIN_TREE.flatMap((c) => [c.name, ...c.tools.flatMap((t) => [t.name, t.description])]))];
