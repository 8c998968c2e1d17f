// What other screens may compose from MFA: resetting a staff member's lost factors from the staff
// actions menu (docs/security.md "Multi-factor authentication"). The security pages are routes in
// app/routes.tsx.
export { useResetUserFactors } from './api/mfa';
