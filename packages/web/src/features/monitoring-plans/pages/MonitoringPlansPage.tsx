export default function MonitoringPlansPage() {
  return null;
}
