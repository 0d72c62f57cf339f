import type { Customer, CustomerTimeLog } from '@platform/contract';

/** Sample rows for the customer views' tests. */

export function sampleCustomer(partial: Partial<Customer> = {}): Customer {
  return {
    id: '301',
    name: '北方学院',
    kind: 1,
    collegeId: '11',
    collegeName: '北方职业技术学院',
    contactName: '李雷',
    contactPhone: '13800138000',
    remark: '',
    serviceStart: '2026-01-01T00:00:00.000Z',
    serviceEnd: '2026-07-01T04:00:00.000Z',
    status: 'active',
    remainingDays: 100,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...partial,
  };
}

export function sampleLog(partial: Partial<CustomerTimeLog> = {}): CustomerTimeLog {
  return {
    id: '901',
    customerId: '301',
    customerName: '北方学院',
    hours: 48,
    reason: '合同续签',
    endBefore: '2026-07-01T04:00:00.000Z',
    endAfter: '2026-07-03T04:00:00.000Z',
    operatorId: '7',
    operatorName: '运营小王',
    createdAt: '2026-06-01T02:00:00.000Z',
    ...partial,
  };
}
