import { PageContainer } from '../components/PageContainer';

export default function LoginPage() {
  return <PageContainer>Login</PageContainer>;
}
