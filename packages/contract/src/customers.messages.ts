export const customerMessages = {
  'customers.not_found': { zh: '客户不存在', en: 'Customer not found' },
  'customers.period_locked': {
    zh: '服务时间只能通过“增加服务时间”调整，以便留下加时记录',
    en: 'The service period can only be changed by adding service time, so the change is recorded',
  },
  'customers.college_not_found': {
    zh: '所选学校不存在或已删除',
    en: 'The selected school does not exist or has been deleted',
  },
  'customers.end_out_of_range': {
    zh: '增加后的服务结束时间超出可记录的范围',
    en: 'The service would end later than can be recorded',
  },
  'customers.added': { zh: '添加成功', en: 'Added successfully' },
  'customers.updated': { zh: '更新成功', en: 'Updated successfully' },
  'customers.deleted': { zh: '删除成功', en: 'Deleted successfully' },
  'customers.time_added': { zh: '服务时间已增加', en: 'Service time added' },
} as const satisfies Record<string, { zh: string; en: string }>;
