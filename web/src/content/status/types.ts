export type ServiceStatus = 'operational' | 'degraded' | 'partial_outage' | 'major_outage' | 'maintenance';
export type ServiceName = 'webApp' | 'mobileApp' | 'apiServices' | 'database' | 'emailService' | 'notifications' | 'fileStorage';

export interface StatusTexts {
  metaDescription: string;
  title: string;
  allOperational: string;
  healthy: string;
  servicesStatus: string;
  someIssues: string;
  maintenanceNow: string;
  statuses: Record<ServiceStatus, string>;
  services: Record<ServiceName, string>;
  servicesTitle: string;
  responseTime: string;
  metricsTitle: string;
  memory: string;
  memoryValue: string;
  cpu: string;
  cpuValue: string;
  uptime: string;
  incidentsTitle: string;
  noIncidents: string;
  resolved: string;
  ongoing: string;
  maintenanceTitle: string;
  noMaintenance: string;
  until: string;
  lastUpdated: string;
  refresh: string;
  refreshing: string;
  autoRefresh: string;
  loadFailed: string;
  unknown: string;
  days: string;
  hours: string;
  minutes: string;
}
