import type { Device, InitialFile } from '@platform/contract';
import type { Db } from '../../db/client';
import type { IdGenerator } from '../../lib/ids';
import * as envs from '../environments/environments.service';

const notebook = JSON.stringify(
  {
    cells: [
      { cell_type: 'markdown', metadata: {}, source: ['# 第一个 Notebook / Your first notebook'] },
      { cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: ['1 + 1'] },
    ],
    metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' } },
    nbformat: 4,
    nbformat_minor: 5,
  },
  null,
  1,
);

const subscriber = `"""Prints the lab's telemetry. Run: python3 subscribe.py"""
import os
import paho.mqtt.client as mqtt

prefix = os.environ["MQTT_TOPIC_PREFIX"]

def on_message(client, userdata, message):
    print(message.topic, message.payload.decode())

client = mqtt.Client()
client.username_pw_set(os.environ["MQTT_USERNAME"], os.environ["MQTT_PASSWORD"])
client.on_message = on_message
client.connect(os.environ["MQTT_HOST"], int(os.environ["MQTT_PORT"]))
client.subscribe(prefix + "/devices/+/telemetry")
client.loop_forever()
`;

const iotReadme = `智能家居综合实验 / Smart home lab

设备遥测 / Telemetry:   $MQTT_TOPIC_PREFIX/devices/<id>/telemetry
执行器命令 / Commands:  $MQTT_TOPIC_PREFIX/devices/<id>/set   (on / off)
执行器状态 / State:     $MQTT_TOPIC_PREFIX/devices/<id>/state

mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t "$MQTT_TOPIC_PREFIX/#"
mosquitto_pub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -m on
python3 subscribe.py
`;

const smartHome: Device[] = [
  { id: 'temp', type: 'temperature', name: '客厅温度', intervalMs: 2000 },
  { id: 'humidity', type: 'humidity', name: '客厅湿度', intervalMs: 3000 },
  { id: 'light', type: 'light', name: '光照强度', intervalMs: 2000 },
  { id: 'smoke', type: 'smoke', name: '烟雾浓度', min: 0, max: 200, intervalMs: 5000 },
  { id: 'fan', type: 'fan', name: '排风扇', intervalMs: 2000 },
  { id: 'lamp', type: 'lamp', name: '客厅灯', intervalMs: 2000 },
  { id: 'relay', type: 'relay', name: '继电器', intervalMs: 2000 },
];

interface DemoEnv {
  code: string;
  name: string;
  type: number;
  hidden?: number;
  experimentKind: string;
  resourceKind: string;
  image?: string;
  labels: string[];
  description: string;
  manual: string;
  initialFiles?: InitialFile[];
  devices?: Device[];
  parts?: string[];
  /** Jupyter request maxima an operator set. */
  maxima?: { maxCpuCore: number; maxMemorySize: number; maxDiskSize: number; maxGpuCount: number };
  script?: { name: string; label: string; instructions: string };
  /** Labs kept prepared, so a demo student's first start is immediate. */
  warmPool?: number;
}

const environments: DemoEnv[] = [
  {
    code: 'linux-terminal',
    name: 'Linux 终端实验',
    type: 2,
    warmPool: 2,
    experimentKind: '2',
    resourceKind: 'TERMINAL',
    labels: ['Linux'],
    description: '在浏览器中使用真实的 Linux 终端 / A real Linux shell in the browser',
    manual: '1. 点击“启动”。\n2. 在终端中输入 echo hello。\n3. 完成后点击“停止”。',
    initialFiles: [
      { path: 'README.txt', content: '欢迎来到 Linux 终端实验。Welcome to the Linux lab.\n' },
    ],
    script: {
      name: 'Shell 入门 / Shell basics',
      label: 'Linux',
      instructions:
        '1. 输入 pwd 查看当前目录。\n2. 输入 ls 列出文件。\n3. 输入 cat README.txt 阅读说明。',
    },
  },
  {
    code: 'python-jupyter',
    name: 'Python 数据分析 (Jupyter)',
    type: 2,
    warmPool: 1,
    experimentKind: '3',
    resourceKind: 'JUPYTER',
    labels: ['AI', 'Python'],
    description: 'Jupyter Notebook 实验环境 / A Jupyter notebook lab',
    manual: '1. 选择资源规格并启动。\n2. 打开 hello.ipynb，运行第一个单元格。',
    initialFiles: [{ path: 'hello.ipynb', content: notebook }],
    maxima: { maxCpuCore: 2, maxMemorySize: 4, maxDiskSize: 20, maxGpuCount: 1 },
    script: {
      name: '第一个 Notebook / First notebook',
      label: 'AI',
      instructions: '打开 hello.ipynb，按 Shift+Enter 运行 1 + 1，应看到 2。',
    },
  },
  {
    code: 'smart-home-sim',
    name: '智能家居设备仿真',
    type: 2,
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    labels: ['IoT'],
    description: '温湿度、光照、烟雾传感器与风扇、灯、继电器 / Virtual sensors and actuators',
    manual: '启动后在面板上查看实时数据，并切换风扇、灯和继电器。',
    devices: smartHome,
  },
  {
    code: 'iot-terminal',
    name: '物联网终端',
    type: 2,
    hidden: 1,
    experimentKind: '2',
    resourceKind: 'TERMINAL',
    labels: ['IoT'],
    description: '带 MQTT 客户端的终端 / A shell with MQTT clients',
    manual: '',
    initialFiles: [
      { path: 'README.txt', content: iotReadme },
      { path: 'subscribe.py', content: subscriber },
    ],
  },
  {
    code: 'thingsboard',
    name: 'ThingsBoard 物联网平台',
    type: 1,
    experimentKind: '4',
    resourceKind: 'THINGSBOARD',
    image: 'thingsboard/tb-postgres:3.6.4',
    labels: ['IoT'],
    description:
      '需要容器镜像，在 Kubernetes 驱动上运行 / Needs container images (Kubernetes driver)',
    manual: '',
  },
];

/** Sample environments for the demo: a terminal, Jupyter, an IoT simulation and a combination. */
export async function seedDemoEnvironments(
  db: Db,
  ids: IdGenerator,
  createdBy: string | null,
  now: Date,
) {
  const byCode = new Map<string, string>();
  const insert = async (e: DemoEnv) => {
    if (await envs.codeTaken(db, e.code)) return;
    const row = await envs.insertEnvironment(db, {
      id: ids.next(),
      code: e.code,
      name: e.name,
      type: e.type,
      state: 1,
      hidden: e.hidden ?? 0,
      openWith: 1,
      accessMode: e.resourceKind === 'TERMINAL' ? 1 : 2,
      experimentKind: e.experimentKind,
      resourceKind: e.resourceKind,
      image: e.image ?? '',
      labels: e.labels,
      description: e.description,
      manual: e.manual,
      cpuCore: 1,
      memorySize: 2,
      diskSize: 10,
      restartLimit: 0,
      idleTimeout: 1800,
      warmPool: e.warmPool ?? 0,
      devices: e.devices ?? [],
      parts: e.parts ?? [],
      initialFiles: e.initialFiles ?? [],
      ...e.maxima,
      createdBy,
      createdAt: now,
      updatedAt: now,
    });
    byCode.set(e.code, row.id);
    if (e.script) {
      await envs.upsertScript(db, {
        id: ids.next(),
        envId: row.id,
        ...e.script,
        createdAt: now,
        updatedAt: now,
      });
    }
  };
  for (const e of environments) await insert(e);
  const sim = byCode.get('smart-home-sim');
  const terminal = byCode.get('iot-terminal');
  if (sim && terminal) {
    await insert({
      code: 'smart-home-combo',
      name: '智能家居综合实验 (仿真 + 终端)',
      type: 4,
      experimentKind: '1',
      resourceKind: 'SIMULATION',
      labels: ['IoT'],
      description:
        '设备仿真面板与终端组合，在终端中订阅和发布 MQTT 消息 / Simulation panel plus a shell',
      manual:
        '1. 启动实验。\n2. 在面板中观察温度变化。\n3. 在终端中运行 python3 subscribe.py 或 mosquitto_sub。\n4. 在面板中打开风扇，观察终端收到的命令。',
      parts: [sim, terminal],
      script: {
        name: '订阅传感器数据 / Subscribe to telemetry',
        label: 'IoT',
        instructions:
          '1. 在终端输入 cat README.txt。\n2. 运行 mosquitto_sub 订阅 $MQTT_TOPIC_PREFIX/#。\n3. 在仿真面板切换风扇，终端会收到 set 命令。',
      },
    });
  }
}

/** Warm pools for the demo environments of an installation seeded before they existed. */
export async function seedDemoWarmPools(db: Db, now: Date) {
  const ids = await envs.envIdsByCode(
    db,
    environments.filter((e) => e.warmPool).map((e) => e.code),
  );
  for (const e of environments) {
    const id = e.warmPool ? ids.get(e.code) : undefined;
    if (id) await envs.updateEnvironment(db, id, { warmPool: e.warmPool, updatedAt: now });
  }
}
