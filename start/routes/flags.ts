/* Routes of the flags area. */
import router from '@adonisjs/core/services/router'

void router
