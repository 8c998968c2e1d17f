import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/PublicCard';

/** The text sent as the client IP when the public-IP lookup is not available (spec section 8). */
export const IP_UNAVAILABLE = 'IPv6: N/A IP: N/A';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  /** Adds a "Back to sign in" link under the content. */
  backToLogin?: boolean;
}

/** The card shared by the sign-in pages: login, forgot password, new password, password changed. */
export function AuthCard({ backToLogin, children, ...card }: AuthCardProps) {
  const { t } = useTranslation('auth');
  return (
    <PublicCard {...card}>
      {children}
      {backToLogin && (
        <Anchor component={Link} to="/auth/login" size="sm" ta="center">
          {t('backToLogin')}
        </Anchor>
      )}
    </PublicCard>
  );
}
