# MQTT settings of an IoT lab, shown when an interactive login shell starts.
if [ -n "$MQTT_USERNAME" ]; then
  MQTT_PORT="${MQTT_PORT:-1883}"
  export MQTT_HOST MQTT_PORT MQTT_USERNAME MQTT_PASSWORD MQTT_TOPIC_PREFIX
  case $- in
    *i*)
      printf '%s\n' \
        "MQTT broker:   $MQTT_HOST:$MQTT_PORT" \
        "User name:     $MQTT_USERNAME   (password in \$MQTT_PASSWORD)" \
        "Your topics:   $MQTT_TOPIC_PREFIX/#   (others are refused)" \
        "Try:           lab-sub \"\$MQTT_TOPIC_PREFIX/#\"" \
        "               lab-pub \"\$MQTT_TOPIC_PREFIX/hello\" -m hi" \
        "MQTT 服务器：$MQTT_HOST:$MQTT_PORT；用户名：$MQTT_USERNAME（密码在 \$MQTT_PASSWORD）；可用主题：$MQTT_TOPIC_PREFIX/#"
      ;;
  esac
fi
