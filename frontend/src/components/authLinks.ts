/** Where 'Sign up', 'Get started' and the pricing buttons go: the Sign Up tab of /login. */
export const SIGN_UP_PATH = '/login?tab=register';
/** Where 'Log In' goes: /login on its default Sign In tab. */
export const SIGN_IN_PATH = '/login';
