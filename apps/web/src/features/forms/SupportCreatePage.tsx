import { FillForm } from './FillFormPage';

export default function SupportCreatePage() {
  return <FillForm support />;
}
