import { PageContainer } from '../components/PageContainer';

export default function YearPage() {
  return <PageContainer>Year</PageContainer>;
}
