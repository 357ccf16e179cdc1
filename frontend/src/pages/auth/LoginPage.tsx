import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from 'antd';
import { usePageMeta } from '../../components/usePageMeta';
import { Logo } from '../../components/Logo';
import { SignInForm } from './SignInForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignUpForm } from './SignUpForm';
import { SIGN_IN_META, SIGN_UP_META, restoreHomeMeta } from './authMeta';
import './login.css';

type AuthTab = 'login' | 'register';

/**
 * /login: Sign In by default, Sign Up at /login?tab=register. The tab lives in the address, so
 * 'Log In' and 'Sign up' each open theirs even when /login is already showing.
 */
export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const setTab = (next: AuthTab) =>
    setSearchParams(next === 'register' ? { tab: next } : {}, { replace: true });
  // One flag for both tabs' Password fields, another for Confirm Password (spec §4).
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const togglePassword = () => setShowPassword((v) => !v);
  // "Forgot password?" swaps the Sign In form for the reset form, starting from the email typed.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const forgot = tab === 'login' && forgotEmail !== null;

  usePageMeta(tab === 'login' ? SIGN_IN_META : SIGN_UP_META);
  useEffect(() => restoreHomeMeta, []);

  return (
    <section className="rc-auth">
      <div className="rc-auth-card">
        <div className="rc-auth-heading">
          <Logo size={36} />
          <h1>{forgot ? 'Reset your password' : tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
          <p>
            {forgot
              ? 'Enter the email you signed up with, and we will send you a link to choose a new one.'
              : tab === 'login'
                ? 'Sign in to manage your AI calling campaigns.'
                : 'Only an email and a password. No credit card required.'}
          </p>
        </div>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setForgotEmail(null);
            setTab(key as AuthTab);
          }}
          centered
          destroyOnHidden
          items={[
            {
              key: 'login',
              label: 'Sign In',
              children: forgot ? (
                <ForgotPasswordForm initialEmail={forgotEmail ?? ''} onBack={() => setForgotEmail(null)} />
              ) : (
                <SignInForm
                  showPassword={showPassword}
                  onTogglePassword={togglePassword}
                  onForgotPassword={setForgotEmail}
                />
              ),
            },
            {
              key: 'register',
              label: 'Sign Up',
              children: (
                <SignUpForm
                  showPassword={showPassword}
                  onTogglePassword={togglePassword}
                  showConfirm={showConfirm}
                  onToggleConfirm={() => setShowConfirm((v) => !v)}
                />
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
