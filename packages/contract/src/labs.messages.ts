export const labMessages = {
  'labs.busy': {
    zh: '实验环境启动繁忙，5 秒后自动重试',
    en: 'Many labs are starting; retrying in 5 s',
  },
  'labs.restart_limit': {
    zh: '今日启动次数已达上限（{{limit}} 次）',
    en: 'Start limit reached for today ({{limit}} starts)',
  },
  'labs.unsupported_kind': {
    zh: '当前主机无法运行此类实验环境（{{kind}}），它需要容器镜像或虚拟化，请联系管理员',
    en: 'This host cannot run this kind of lab ({{kind}}): it needs container images or a hypervisor. Please contact your administrator',
  },
  'labs.host_missing': {
    zh: '当前主机缺少运行此实验所需的组件：{{what}}',
    en: 'This host lacks what this lab needs: {{what}}',
  },
  'labs.start_failed': {
    zh: '环境启动异常：{{reason}}',
    en: 'Environment start exception: {{reason}}',
  },
  'labs.terminal_timeout': {
    zh: '终端启动超时，请等待或联系管理员',
    en: 'Terminal startup timeout, wait or contact administrator',
  },
  'labs.not_found': { zh: '实验容器不存在或已停止', en: 'The lab does not exist or has stopped' },
  'labs.not_running': { zh: '实验环境未运行', en: 'The lab is not running' },
  'labs.preparing': {
    zh: '环境准备中、启动中或重置中，请稍候',
    en: 'Environment preparing, starting or resetting, please wait',
  },
  'labs.path_outside': {
    zh: '路径不在实验环境的主目录内',
    en: 'The path is outside the lab home',
  },
  'labs.file_not_found': { zh: '文件不存在', en: 'File not found' },
  'labs.file_too_large': {
    zh: '文件过大，最大 {{max}} MB',
    en: 'The file is too large; the maximum is {{max}} MB',
  },
  'labs.reset_done': { zh: '环境已重置', en: 'The environment has been reset' },
  'labs.resources_above_max': {
    zh: '申请的资源超出该环境允许的上限（CPU {{cpuCore}} 核、内存 {{memorySize}} GB、磁盘 {{diskSize}} GB、GPU {{gpuCount}} 个）',
    en: 'The requested resources exceed what this environment allows (CPU {{cpuCore}} cores, memory {{memorySize}} GB, disk {{diskSize}} GB, GPU {{gpuCount}})',
  },
  'labs.note_cpu': {
    zh: '此主机不限制 CPU（没有可写的 cgroup），所选 CPU 核数仅供参考',
    en: 'CPU is not limited on this host (no writable cgroups); the chosen cores are advisory',
  },
  'labs.note_memory': {
    zh: '此主机不限制内存（没有可写的 cgroup），所选内存仅供参考',
    en: 'Memory is not limited on this host (no writable cgroups); the chosen size is advisory',
  },
  'labs.note_disk': {
    zh: '此主机不限制实验目录的磁盘用量，所选磁盘大小仅供参考；每次上传最大 50 MB',
    en: 'Disk use of the lab home is not capped on this host; the chosen disk size is advisory and each upload is limited to 50 MB',
  },
  'labs.note_syscalls': {
    zh: '此主机未给实验加系统调用过滤，实验内仍可创建用户命名空间',
    en: 'Labs on this host run without the system call filter and may create user namespaces',
  },
  'labs.disk_full': {
    zh: '实验磁盘空间已满，请删除一些文件后重试',
    en: 'The lab disk is full; delete some files and try again',
  },
  'labs.upload_aborted': {
    zh: '上传未完成，文件未保存',
    en: 'The upload did not complete; the file was not saved',
  },
  'labs.note_uid': {
    zh: '此主机上的实验与服务共用同一用户，仅靠沙箱彼此隔离',
    en: "Labs run as the server's own user on this host and are kept apart by their sandboxes only",
  },
  'labs.note_gpu': {
    zh: '此主机没有 GPU，GPU 数量和显存仅供参考',
    en: 'This host has no GPU; GPU count and memory are advisory',
  },
  'labs.ticket_invalid': {
    zh: '访问链接无效或已过期，请从平台重新打开实验',
    en: 'This link is invalid or has expired; open the lab again from the platform',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
