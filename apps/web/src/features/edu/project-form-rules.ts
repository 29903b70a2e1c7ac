import dayjs, { type Dayjs } from 'dayjs';
import type { EduProjectDetail, MemberForm, ProjectForm } from './api';

/** The values of the project form (the period is one range picker). */
export interface ProjectValues {
  name: string;
  status: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  description?: string;
  members: MemberForm[];
}

const DATE_FORMAT = 'YYYY-MM-DD';

/** The form's values for a project, or for a new one. */
export function toValues(project: EduProjectDetail | undefined): ProjectValues {
  if (!project) return { name: '', status: 0, period: null, description: '', members: [] };
  return {
    name: project.name,
    status: project.status,
    period:
      project.startDate || project.endDate
        ? [
            project.startDate ? dayjs(project.startDate) : null,
            project.endDate ? dayjs(project.endDate) : null,
          ]
        : null,
    description: project.description ?? '',
    members: project.members.map(({ memberType, name, contactName, contactPhone, role }) => ({
      memberType,
      name,
      contactName,
      contactPhone,
      role,
    })),
  };
}

/** What the form sends: trimmed texts, empty ones as null, the period as two dates. */
export function toProjectForm(values: ProjectValues): ProjectForm {
  const [start, end] = values.period ?? [null, null];
  return {
    name: values.name.trim(),
    status: values.status,
    description: values.description?.trim() || null,
    startDate: start ? start.format(DATE_FORMAT) : null,
    endDate: end ? end.format(DATE_FORMAT) : null,
    members: (values.members ?? []).map((m) => ({
      memberType: m.memberType,
      name: m.name.trim(),
      contactName: m.contactName?.trim() || null,
      contactPhone: m.contactPhone?.trim() || null,
      role: m.role?.trim() || null,
    })),
  };
}
