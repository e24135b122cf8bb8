/**
 * The router API remotes may use, shared as one singleton by the shell (which owns the router). Remotes
 * import these from here, never from react-router-dom: a shared module is shipped whole, so sharing
 * this small surface instead of the whole library keeps ~40 KB of unused router code off every page.
 */
export { Link, NavLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
/** The router's location context, read without requiring a router (RemoteModule renders in tests without one). */
export { UNSAFE_LocationContext as LocationContext } from 'react-router-dom';
export type { LinkProps } from 'react-router-dom';
