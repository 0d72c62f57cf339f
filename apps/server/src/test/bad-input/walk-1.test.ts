import { walkShard } from './shard';

walkShard(0, 2);
