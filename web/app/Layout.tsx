import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Link, NavLink, Outlet } from 'react-router';
import { NotificationMenu } from '../components/message/NotificationMenu';
import { MyAvatar } from '../components/user/Avatar';
import { LoginAsBanner } from '../components/user/LoginAsBanner';
import { config } from '../platform/config';
import { LiveAnnouncer } from '../platform/announcer';
import { DialogHost } from '../platform/dialogs';
import { UserNotifications } from '../platform/notifications';
import { relativeUrl } from '../platform/url';
import { useStrings } from '../platform/useStrings';
import { HeaderSearch } from './HeaderSearch';
import { BlockLayout } from '../components/block/BlockLayout';
import { BackToTop } from '../components/theme/BackToTop';
import { ColourSchemeSwitcher } from '../components/theme/ColourSchemeSwitcher';
import { CourseBar } from '../components/theme/CourseBar';
import { ResponsiveEmbeds } from '../components/theme/ResponsiveEmbeds';
import { ThemeNavbar } from '../components/theme/ThemeNavbar';

function UserMenu() {
  const s = useStrings('moodle', ['usermenu', 'profile', 'preferences', 'logout']);
  const user = config().user;
  if (!user) return null;
  return (
    <MenuTrigger>
      {/* Named by its visible text (the user's name), so speech users can say what they see; the
          menu's own label says what it is. */}
      <Button className="usermenu-button">
        <MyAvatar />
        <span className="usermenu-name">{user.fullname}</span>
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={s('usermenu')}>
          <MenuItem className="menu-item" href="/user/profile.php">
            {s('profile')}
          </MenuItem>
          <MenuItem className="menu-item" href="/user/preferences.php">
            {s('preferences')}
          </MenuItem>
          <Separator className="menu-separator" />
          <MenuItem
            className="menu-item"
            id="logout"
            // Logging out is a full page load: the server ends the session and shows the login page.
            onAction={() => window.location.assign(relativeUrl('/login/logout.php', { sesskey: config().sesskey }))}
          >
            {s('logout')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The frame of every page: top bar, notifications, the page, footer, dialogues. */
export function Layout() {
  const s = useStrings('moodle', ['skiptomain', 'home', 'dashboard', 'administrationsite', 'footertext', 'documentation', 'sitenavigation']);
  const cfg = config();
  return (
    <>
      <a className="skip-link" href="#region-main">
        {s('skiptomain')}
      </a>
      <ThemeNavbar>
        <LoginAsBanner />
        <Link className="brand" to="/">
          {cfg.sitename}
        </Link>
        <nav className="primary-nav" aria-label={s('sitenavigation')}>
          <NavLink to="/" end>
            {s('home')}
          </NavLink>
          <NavLink to="/my/">{s('dashboard')}</NavLink>
          {cfg.user?.isadmin && <NavLink to="/admin/">{s('administrationsite')}</NavLink>}
        </nav>
        <HeaderSearch />
        <NotificationMenu />
        <UserMenu />
        <CourseBar />
      </ThemeNavbar>
      <BlockLayout>
        <main id="region-main" tabIndex={-1}>
          <UserNotifications />
          <Outlet />
        </main>
      </BlockLayout>
      <footer id="page-footer" className="site-footer">
        <span>{s('footertext')}</span>
        <ColourSchemeSwitcher />
        {cfg.user?.isadmin && <Link to="/admin/webservice/documentation.php">{s('documentation')}</Link>}
      </footer>
      <BackToTop />
      <ResponsiveEmbeds containerId="region-main" />
      <DialogHost />
      <LiveAnnouncer />
    </>
  );
}
