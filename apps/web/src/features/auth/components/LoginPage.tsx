import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { TextInput } from '../../../ui/TextInput';
import { useSession } from '../hooks/useSession';
import { useSignIn } from '../hooks/useSignIn';

type ReturnState = { from?: { pathname: string; search?: string; hash?: string } } | null;

function returnPath(state: ReturnState): string {
  const from = state?.from;
  if (!from || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Signing in failed. Please try again.';
  // Validation details are shown next to the fields themselves.
  if (error.code === 'validation_failed' && Object.keys(error.fields).length > 0) {
    return 'Please check the highlighted fields.';
  }
  return error.message;
}

export function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const target = returnPath(location.state as ReturnState);

  // Signed in already, or just now: on to the page the visitor wanted.
  if (session.data) return <Navigate to={target} replace />;

  const fields = fieldErrors(signIn.error);
  // Wrong credentials name no single field, so only validation messages go under the inputs.
  const isValidation = signIn.error instanceof ApiError && signIn.error.code === 'validation_failed';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        background: 'linear-gradient(160deg, #eef2fb 0%, #f4f6fa 55%, #e9f3f2 100%)',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography
          component="div"
          sx={{ fontWeight: 700, fontSize: '1.5rem', color: 'primary.main', letterSpacing: '-0.01em' }}
        >
          Shiftline
        </Typography>
        <Typography variant="h1" sx={{ mt: 2, fontSize: '1.35rem' }}>
          Sign in
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Use the email and password of your Shiftline account.
        </Typography>
        {searchParams.get('reason') === 'forced' && !signIn.error ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Your session was ended by an administrator. Please sign in again.
          </Alert>
        ) : null}
        {signIn.error ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error" role="alert">
            {errorText(signIn.error)}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            required
            fullWidth
            value={email}
            onChange={setEmail}
            error={fields.email !== undefined}
            helperText={isValidation && fields.email ? `Email ${fields.email}` : undefined}
            testId="login-email"
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            fullWidth
            value={password}
            onChange={setPassword}
            error={fields.password !== undefined}
            helperText={isValidation && fields.password ? `Password ${fields.password}` : undefined}
            testId="login-password"
          />
          <Button type="submit" variant="contained" size="large" loading={signIn.isPending} data-testid="login-submit">
            Sign in
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
